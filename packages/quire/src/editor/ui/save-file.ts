// How long a download's object URL lives: browsers read it after `click()` returns.
const URL_LIFETIME_MS = 10_000;

/** Saves files through the browser's download, and forgets every pending one on `dispose`. */
export interface FileSaver {
  /** Starts the download of `blob` as `fileName`. */
  save(blob: Blob, fileName: string): void;
  /** Revokes the object URLs of downloads still pending and clears their timers. */
  dispose(): void;
}

/** Returns a {@link FileSaver} whose links are briefly placed in `parent`. */
export function createFileSaver(parent: HTMLElement): FileSaver {
  const pending = new Map<ReturnType<typeof setTimeout>, string>();
  return {
    save(blob, fileName) {
      const url = URL.createObjectURL(blob);
      const link = parent.ownerDocument.createElement('a');
      link.href = url;
      link.download = fileName;
      link.hidden = true;
      parent.append(link);
      link.click();
      link.remove();
      const timer = setTimeout(() => {
        pending.delete(timer);
        URL.revokeObjectURL(url);
      }, URL_LIFETIME_MS);
      pending.set(timer, url);
    },
    dispose() {
      for (const [timer, url] of pending) {
        clearTimeout(timer);
        URL.revokeObjectURL(url);
      }
      pending.clear();
    },
  };
}

/** Returns the name a download gets: `requested` when given (`.docx` added when it has no extension), else `fallback`. */
export function downloadFileName(requested: unknown, fallback: string): string {
  const name = typeof requested === 'string' && requested.trim() !== '' ? requested.trim() : fallback;
  return /\.[a-z0-9]+$/i.test(name) ? name : `${name}.docx`;
}
