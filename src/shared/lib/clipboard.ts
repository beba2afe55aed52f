/**
 * Copies `text` to the clipboard: the async Clipboard API first, then the legacy path (select the text and
 * `document.execCommand('copy')`) for insecure origins, older browsers or a denied permission. The legacy path
 * selects `field` when given (its value must be `text`), otherwise a temporary off-screen textarea.
 * @returns whether the text was copied.
 */
export async function copyText(
  text: string,
  field?: HTMLTextAreaElement | HTMLInputElement | null,
): Promise<boolean> {
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // permission denied or not focused: try the legacy path
    }
  }
  return copyBySelection(text, field ?? null);
}

function copyBySelection(text: string, field: HTMLTextAreaElement | HTMLInputElement | null): boolean {
  if (typeof document.execCommand !== 'function') return false;
  let temporary: HTMLTextAreaElement | null = null;
  let target = field;
  if (!target) {
    temporary = document.createElement('textarea');
    temporary.value = text;
    temporary.setAttribute('readonly', '');
    Object.assign(temporary.style, { position: 'fixed', top: '0', left: '0', opacity: '0' });
    document.body.append(temporary);
    target = temporary;
  }
  try {
    target.focus();
    target.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    temporary?.remove();
  }
}
