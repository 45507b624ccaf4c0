import { h, when } from '../dom';
import type { WidgetState } from '../widget-state';

/**
 * Why the last cancel was refused, where the person looks: beside the Cancel (PIN pad, paylink) or
 * under the payment under way (confirming) or its result. An alert, so a screen reader says it too.
 */
export function cancelRefusal(state: WidgetState): Node {
  return when(
    () => state.cancelRefusal,
    () => h('p', { class: 'error cancel-refusal', role: 'alert' }, () => state.cancelRefusal ?? ''),
  );
}
