import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import {loaded} from './loaded';

// Prism's extra languages (`prism.additionalLanguages`) are registered when this chunk first
// loads, before any code is highlighted: the theme does it on every page from a client module,
// which src/plugins/prismOnDemand.ts empties.
prismIncludeLanguages(Prism);

loaded.CodeBlock = CodeBlock as typeof CodeBlockType;

export default CodeBlock as typeof CodeBlockType;
