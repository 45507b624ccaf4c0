import { defineAsyncComponent, h, type Component } from 'vue';
import ScreenNotOpened from './ScreenNotOpened.vue';
import ScreenOpening from './ScreenOpening.vue';

/**
 * A back-office screen loaded from its own chunk the first time its tab is opened, so signing in
 * downloads only what the first screen needs. While the chunk loads (said only after 200 ms,
 * so a quick load never flashes it) the tab says it is opening; if the chunk cannot be had
 * (the service restarted with a new build, whose files have other names, or it is unreachable)
 * the tab says so and offers Reload. Opening the tab again tries the chunk again.
 */
export function lazyScreen<T extends Component>(label: string, load: () => Promise<{ default: T }>): T {
  return defineAsyncComponent({
    loader: load,
    delay: 200,
    loadingComponent: () => h(ScreenOpening, { label }),
    errorComponent: () => h(ScreenNotOpened, { label }),
  });
}
