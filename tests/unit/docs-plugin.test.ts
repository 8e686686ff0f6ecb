import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {RouteConfig} from '@docusaurus/types';
import {withoutDescriptions} from '../../src/plugins/docs';

test("the version route, nested as the docs plugin adds it, keeps everything but the docs' descriptions", () => {
  const version = {
    path: '/',
    component: '@theme/DocVersionRoot',
    props: {
      version: {
        pluginId: 'default',
        docsSidebars: {main: [{type: 'link', href: '/main/a', label: 'A', docId: 'main/a'}]},
        docs: {
          'main/a': {id: 'main/a', title: 'A', description: 'About A.', sidebar: 'main'},
          'main/b': {id: 'main/b', title: 'B', sidebar: 'main'},
        },
      },
    },
    routes: [{path: '/main/a', component: '@theme/DocItem'}],
  } satisfies RouteConfig;
  const root: RouteConfig = {path: '/', component: '@theme/DocsRoot', routes: [version]};
  assert.deepEqual(withoutDescriptions(root).routes, [
    {
      ...version,
      props: {
        version: {
          ...version.props.version,
          docs: {
            'main/a': {id: 'main/a', title: 'A', sidebar: 'main'},
            'main/b': {id: 'main/b', title: 'B', sidebar: 'main'},
          },
        },
      },
    },
  ]);
  // The routes given are not changed.
  assert.equal(version.props.version.docs['main/a'].description, 'About A.');
});

test('routes without version data are left as they are', () => {
  const route: RouteConfig = {path: '/main/a', component: '@theme/DocItem', props: {content: 'x'}};
  assert.equal(withoutDescriptions(route), route);
});
