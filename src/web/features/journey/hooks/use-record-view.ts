/** Records a step's "viewed" event once the page has rendered with its content. */
import { useEffect } from 'react';
import { recordOnce } from '../api/events';

export function useRecordView(
  rid: string,
  type: 'awareness_viewed' | 'pdf_viewed' | 'sei_viewed',
  when = true,
) {
  useEffect(() => {
    if (when) recordOnce({ rid, type });
  }, [rid, type, when]);
}
