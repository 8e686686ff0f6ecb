import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

/**
 * The theme's Container without its inline colours (`--prism-color`, `--prism-background-color`
 * from the mode's Prism theme): src/plugins/code-blocks/index.ts sets them per mode in CSS, so a block is
 * right from the server's HTML on and needs no second render once the mode is known.
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as: As,
  ...props
}: {as: T} & ComponentProps<T>): ReactNode {
  const Element = As as 'div';
  return (
    <Element
      {...(props as ComponentProps<'div'>)}
      className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)}
    />
  );
}
