/**
 * Calls `callback` once the next frame has been drawn: a task queued from `requestAnimationFrame`
 * runs after that frame's style, layout and paint. Where the page draws no frames (no
 * `requestAnimationFrame`), it runs in the next task. Returns a function that cancels the call.
 *
 * Work that can wait for the frame (the toolbar's state after a keystroke) is kept out of the
 * time between a key press and the text showing.
 */
export function afterNextPaint(window: Window | null, callback: () => void): () => void {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const queue = () => {
    frame = undefined;
    timer = setTimeout(() => {
      timer = undefined;
      callback();
    }, 0);
  };
  if (typeof window?.requestAnimationFrame === 'function') frame = window.requestAnimationFrame(queue);
  else queue();
  return () => {
    if (frame !== undefined) window?.cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    frame = timer = undefined;
  };
}
