import {Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {Props as TabItemProps} from '@theme/TabItem';
import type {WrapperProps} from '@docusaurus/types';
import {tabIds} from './ids';

type Props = WrapperProps<typeof TabsType>;

/**
 * The stock tabs, with each tab tied to its panel (ARIA `aria-controls` and
 * `aria-labelledby`, which the W3C checker requires and screen readers use).
 * The stock tab list takes extra attributes from each item's `attributes`; the
 * panel ids go to our TabItem. Panels are never lazy, so every id exists.
 */
export default function TabsWrapper({values, children, ...props}: Props): ReactNode {
  const group = useId();
  const withIds = (value: string, attributes?: TabItemProps['attributes']) => ({
    ...attributes,
    id: tabIds(group, value).tab,
    'aria-controls': tabIds(group, value).panel,
  });
  const items = Children.map(children, (child) => {
    if (!isValidElement<TabItemProps>(child) || typeof child.props.value !== 'string') return child;
    const {value, attributes} = child.props;
    return cloneElement(child as ReactElement<TabItemProps & {ids: ReturnType<typeof tabIds>}>, {
      attributes: values ? attributes : withIds(value, attributes),
      ids: tabIds(group, value),
    });
  });
  return (
    <Tabs
      {...props}
      lazy={false}
      values={values?.map((entry) => ({...entry, attributes: withIds(entry.value, entry.attributes)}))}>
      {items}
    </Tabs>
  );
}
