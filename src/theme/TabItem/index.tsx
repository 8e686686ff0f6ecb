import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props as StockProps} from '@theme/TabItem';
import {useTabs} from '@docusaurus/theme-common/internal';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import type {TabItemExtras} from '../Tabs/ids';
import styles from './styles.module.css';

type Props = StockProps & TabItemExtras;

/**
 * The stock panel (ejected: its root element takes no extra attributes) with
 * an id and `aria-labelledby` naming its tab. Always rendered, hidden when not
 * selected, so the tab's `aria-controls` always points to an element. Its content
 * sees the page's useIsBrowser again (the tab group itself does not, see ../Tabs).
 */
export default function TabItem({children, className, value, ids, isBrowser}: Props): ReactNode {
  const {selectedValue} = useTabs();
  return (
    <div
      role="tabpanel"
      id={ids?.panel}
      aria-labelledby={ids?.tab}
      className={clsx(styles.tabItem, className)}
      hidden={value !== selectedValue}>
      {isBrowser === undefined ? (
        children
      ) : (
        <BrowserContext.Provider value={isBrowser}>{children}</BrowserContext.Provider>
      )}
    </div>
  );
}
