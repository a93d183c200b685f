// Copies text and confirms with a toast (docs/screens.md#toasts-and-messages); a refused clipboard
// shows the generic error.
import { FALLBACK_ERROR } from './api-client';
import { notify } from './toast';

export async function copyText(text: string, confirmation: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(confirmation);
    return true;
  } catch {
    notify.error(FALLBACK_ERROR);
    return false;
  }
}
