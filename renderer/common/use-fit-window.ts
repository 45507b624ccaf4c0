import { onBeforeUnmount, onMounted, type Ref } from 'vue';

/** A panel is never made shorter than this (px): on a tiny window the page scrolls instead. */
export const FIT_LEAST_HEIGHT = 320;

/**
 * The height a panel may take (px) when its top is `top` px from the window's top in a window
 * `windowHeight` px high, keeping `margin` below it: what is left of the window under its top.
 */
export function heightLeft(top: number, windowHeight: number, margin: number): number {
  return Math.max(Math.round(windowHeight - Math.max(top, 0) - margin), FIT_LEAST_HEIGHT);
}

/**
 * Keeps a sticky side panel (a form beside a list) within the window: its `max-height` is what
 * the window has below its top, measured again as the page scrolls, the window changes size or
 * the page above it does (a notice shown over the list moves it down).
 * The panel starts below the page's heading and sticks to the top once the page scrolls; a
 * `max-height` of the whole window would put its foot (Save, Close) below the fold until then.
 */
export function useFitWindow(panel: Readonly<Ref<HTMLElement | null>>, margin = 8): void {
  let frame = 0;
  const fit = () => {
    frame = 0;
    const element = panel.value;
    if (!element) return;
    const height = heightLeft(element.getBoundingClientRect().top, window.innerHeight, margin);
    element.style.maxHeight = `${height}px`;
  };
  const later = () => {
    if (frame === 0) frame = requestAnimationFrame(fit);
  };
  const page = new ResizeObserver(later);
  onMounted(() => {
    fit();
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    page.observe(document.body);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('scroll', later);
    window.removeEventListener('resize', later);
    page.disconnect();
    cancelAnimationFrame(frame);
  });
}
