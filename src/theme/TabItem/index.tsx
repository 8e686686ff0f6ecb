import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props as StockProps} from '@theme/TabItem';
import {useTabs} from '@docusaurus/theme-common/internal';
import styles from './styles.module.css';

type Props = StockProps & {
  /** Set by our Tabs wrapper: the panel's id and its tab's id. */
  ids?: {tab: string; panel: string};
};

/**
 * The stock panel (ejected: its root element takes no extra attributes) with
 * an id and `aria-labelledby` naming its tab. Always rendered, hidden when not
 * selected, so the tab's `aria-controls` always points to an element.
 */
export default function TabItem({children, className, value, ids}: Props): ReactNode {
  const {selectedValue} = useTabs();
  return (
    <div
      role="tabpanel"
      id={ids?.panel}
      aria-labelledby={ids?.tab}
      className={clsx(styles.tabItem, className)}
      hidden={value !== selectedValue}>
      {children}
    </div>
  );
}
