import type {ReactNode} from 'react';
import DocCard from '@theme-original/DocCard';
import type DocCardType from '@theme/DocCard';
import type {WrapperProps} from '@docusaurus/types';
// Written by src/plugins/docs.ts: the version data every docs page loads no longer carries them.
import descriptions from '@generated/docusaurus-plugin-content-docs/default/descriptions.json';

type Props = WrapperProps<typeof DocCardType>;

/** The stock card, with a doc's description from the cards' own module. */
export default function DocCardWrapper({item}: Props): ReactNode {
  if (item.type !== 'link' || !item.docId || item.description) return <DocCard item={item} />;
  return <DocCard item={{...item, description: descriptions[item.docId]}} />;
}
