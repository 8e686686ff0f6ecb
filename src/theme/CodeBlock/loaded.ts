import type {ComponentType} from 'react';
import type {Props} from '@theme/CodeBlock';

/** Set by ./Highlighted when its chunk runs: the stock code block, with Prism. */
export const loaded: {CodeBlock?: ComponentType<Props>} = {};
