import { offlineWords } from '@kuku/domain';
import { showInfoToast } from '../ui/toast';

/** What a form says when its record stays on the phone to be sent later (useCaptureMutation answered null). */
export function showSavedOnPhone(): void {
  showInfoToast(offlineWords.savedOnPhone, { id: 'saved-on-phone' });
}
