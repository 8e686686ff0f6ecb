import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

// The stock code block body, with Prism's extra languages (`prism.additionalLanguages`)
// registered when this module first loads, right before any code is highlighted. The theme
// does it on every page from a client module, which src/plugins/prismOnDemand.ts empties to
// keep Prism out of the main bundle.
prismIncludeLanguages(Prism);

export {default} from '@theme-original/CodeBlock/Content';
