/**
 * Which modal dialogs are open (or about to open): the promo dialog waits while another one
 * is, so it never opens on top of the Admin Access dialog or the menu (issue 13).
 */
let held = 0;
const waiting = new Set<() => void>();

/** Marks a modal as open; call the returned function when it closes. */
export function holdModal(): () => void {
  held += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= 1;
    if (held === 0) for (const run of [...waiting]) run();
  };
}

/** Runs `run` once no modal is open (at once if none is); the returned function cancels it. */
export function whenNoModal(run: () => void): () => void {
  if (held === 0) {
    run();
    return () => undefined;
  }
  const once = () => {
    waiting.delete(once);
    run();
  };
  waiting.add(once);
  return () => waiting.delete(once);
}
