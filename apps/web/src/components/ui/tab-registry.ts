import type { AccessValue } from '@kantora/domain';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * One tab of a page's tab registry (the client page's, a contract's): who sees it and its lazily loaded
 * panel, which receives the page's props `P`.
 */
export interface TabDef<P extends object> {
  /** Unique in its registry; also the tab's i18n key (e.g. `clients:tabs.<key>`) and its element ids. */
  key: string;
  roles: readonly AccessValue[];
  component: LazyExoticComponent<ComponentType<P>>;
}

/** The tabs a user of this access level sees, in the registry's order. */
export function tabsFor<T extends Pick<TabDef<object>, 'roles'>>(tabs: readonly T[], access: number): T[] {
  return tabs.filter((tab) => (tab.roles as readonly number[]).includes(access));
}
