import {createContext, type ComponentType} from 'react';
import type {Props} from '@theme/CodeBlock';

/** Set by ./Chunk when its chunk runs: the stock code block. */
export const loaded: {CodeBlock?: ComponentType<Props>} = {};

/** The block's `highlighted` prop (src/plugins/code-blocks/remark.ts), for ./Content. */
export const HighlightedContext = createContext<string | undefined>(undefined);
