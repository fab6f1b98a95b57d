import { useAtomValue } from '@web/state/jotai';
import { isAdminAtom } from './session-atoms';

/** Whether the connected wallet is an admin (GET /api/admin/check); false while loading. */
export const useIsAdmin = () => useAtomValue(isAdminAtom);
