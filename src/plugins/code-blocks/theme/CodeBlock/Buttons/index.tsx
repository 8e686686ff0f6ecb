import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/styles.module.css';
import type {LazyWordWrap} from '../wordWrap';

/**
 * The theme's buttons (word wrap, copy), created when a reader first points at the block or moves
 * the focus into it, not for every block of the page once it has hydrated: they are invisible until
 * then anyway (shown on hover or focus), and a keyboard reader focuses the block's code before them.
 * Not in the server's HTML (as upstream). Each time, the block is measured for the wrap button.
 */
export default function CodeBlockButtons({className}: {className?: string}): ReactNode {
  const {wordWrap} = useCodeBlockContext();
  const {codeBlockRef, measure} = wordWrap as LazyWordWrap;
  const [used, setUsed] = useState(false);
  useEffect(() => {
    // The element around the code and these buttons (the theme's Layout).
    const block = codeBlockRef.current?.parentElement;
    if (!block) return undefined;
    const reached = () => {
      setUsed(true);
      measure();
    };
    block.addEventListener('pointerenter', reached);
    block.addEventListener('focusin', reached);
    return () => {
      block.removeEventListener('pointerenter', reached);
      block.removeEventListener('focusin', reached);
    };
  }, [codeBlockRef, measure]);
  if (!used) return null;
  return (
    <div className={clsx(className, styles.buttonGroup)}>
      <WordWrapButton />
      <CopyButton />
    </div>
  );
}
