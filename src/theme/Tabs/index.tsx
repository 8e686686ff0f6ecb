import {Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {Props as TabItemProps} from '@theme/TabItem';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {tabIds, type TabItemExtras} from './ids';

type Props = WrapperProps<typeof TabsType>;

/**
 * The stock tabs, with each tab tied to its panel (ARIA `aria-controls` and
 * `aria-labelledby`, which the W3C checker requires and screen readers use).
 * The stock tab list takes extra attributes from each item's `attributes`; the
 * panel ids go to our TabItem. Panels are never lazy, so every id exists.
 *
 * The stock tabs also remount once hydrated (a key from useIsBrowser, an old fix for
 * facebook/docusaurus#5653), which rebuilt every tab group of a page with all its code blocks in
 * one long task. They need no remount: they render the default tab as the server did, and a tab
 * chosen earlier (storage, query string) is selected by their layout effect, an ordinary update.
 * So they see `false` for good, and our TabItem gives the panels' content the real value back.
 */
export default function TabsWrapper({values, children, ...props}: Props): ReactNode {
  const group = useId();
  const isBrowser = useIsBrowser();
  const withIds = (value: string, attributes?: TabItemProps['attributes']) => ({
    ...attributes,
    id: tabIds(group, value).tab,
    'aria-controls': tabIds(group, value).panel,
  });
  const items = Children.map(children, (child) => {
    if (!isValidElement<TabItemProps>(child) || typeof child.props.value !== 'string') return child;
    const {value, attributes} = child.props;
    return cloneElement(child as ReactElement<TabItemProps & TabItemExtras>, {
      attributes: values ? attributes : withIds(value, attributes),
      ids: tabIds(group, value),
      isBrowser,
    });
  });
  return (
    <BrowserContext.Provider value={false}>
      <Tabs
        {...props}
        lazy={false}
        values={values?.map((entry) => ({...entry, attributes: withIds(entry.value, entry.attributes)}))}>
        {items}
      </Tabs>
    </BrowserContext.Provider>
  );
}
