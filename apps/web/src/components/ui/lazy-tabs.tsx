import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useState } from 'react';
import { PageLoader } from './page-loader.tsx';
import type { TabDef } from './tab-registry.ts';

interface LazyTabsProps<P extends object> {
  /** The tabs to show (already narrowed to the user, see `tabsFor`). */
  tabs: readonly TabDef<P>[];
  /** What every panel receives. */
  panelProps: P;
  /** Prefix of the element ids: `<idPrefix>-tab-<key>`, `<idPrefix>-panel-<key>`. */
  idPrefix: string;
  label: (key: string) => string;
  ariaLabel: string;
}

/** Tabs whose panels load on first open and then stay mounted (their state survives switching). */
export function LazyTabs<P extends object>({ tabs, panelProps, idPrefix, label, ariaLabel }: LazyTabsProps<P>) {
  const [current, setCurrent] = useState(tabs[0]?.key ?? '');
  const [opened, setOpened] = useState<string[]>(tabs[0] ? [tabs[0].key] : []);
  if (tabs.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Tabs
        value={current}
        onChange={(_, key: string) => {
          setCurrent(key);
          setOpened((keys) => (keys.includes(key) ? keys : [...keys, key]));
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={ariaLabel}
        sx={{ mb: 2 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={label(tab.key)}
            id={`${idPrefix}-tab-${tab.key}`}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
          />
        ))}
      </Tabs>
      {tabs
        .filter((tab) => opened.includes(tab.key))
        .map((tab) => (
          <Box
            key={tab.key}
            role="tabpanel"
            id={`${idPrefix}-panel-${tab.key}`}
            aria-labelledby={`${idPrefix}-tab-${tab.key}`}
            hidden={tab.key !== current}
          >
            <Suspense fallback={<PageLoader />}>
              <tab.component {...panelProps} />
            </Suspense>
          </Box>
        ))}
    </Box>
  );
}
