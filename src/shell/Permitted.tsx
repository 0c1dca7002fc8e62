import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $permittedCodes, isPermitted } from '../core';

/** §6 permission directive for the shell: renders its children only when `code` is in the permitted set. */
export function Permitted({ code, children }: { code: string; children: ReactNode }) {
  const permitted = useStore($permittedCodes);
  return isPermitted(code, permitted) ? children : null;
}
