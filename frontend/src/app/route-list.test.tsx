// The route list the build writes to dist/routes.json (read from app-routes.tsx) must be exactly
// the routes react-router gets from <AppRoutes>: the server answers 404 for anything else.
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, Routes, type RouteObject } from 'react-router';
import { AppRoutes } from './app-routes';
import { joinPath, routePatternsFromSource } from './route-list';
import source from './app-routes.tsx?raw';

/** The children AppRoutes hands to <Routes>, found in the element tree it returns (no render, no
 * module mock: the test files share their modules in a worker). */
function routesChildren(node: ReactNode): ReactNode {
  if (!isValidElement(node)) return undefined;
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (element.type === Routes) return element.props.children;
  const children = Array.isArray(element.props.children) ? element.props.children : [element.props.children];
  for (const child of children as ReactNode[]) {
    const found = routesChildren(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

function flatten(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const full = route.path === undefined ? parent : joinPath(parent, route.path);
    const own = route.index ? [parent || '/'] : route.path === undefined ? [] : [full];
    return [...own, ...flatten(route.children ?? [], full)];
  });
}

describe('the generated route list', () => {
  it('matches the router', () => {
    const children = routesChildren(AppRoutes());
    expect(children).toBeDefined();
    const fromRouter = [...new Set(flatten(createRoutesFromChildren(children)))];

    const generated = routePatternsFromSource(source);

    expect(generated).toEqual(fromRouter);
    expect(generated).toContain('/');
    expect(generated).toContain('/use-case/:slug');
    expect(generated).toContain('/onboard/wallet');
    expect(generated).toContain('/user&guide');
    expect(generated).toContain('/docs/api');
    // the settings' sections, each at its own address under the frame
    for (const section of ['account', 'security', 'api', 'billing', 'notifications', 'access']) {
      expect(generated).toContain(`/onboard/settings/${section}`);
    }
    expect(generated).toContain('/onboard/settings');
  });

  it('joins nested, index and pathless routes as react-router does', () => {
    const tree = `
      <Routes>
        <Route path="/" element={<A />} />
        <Route path="/a" element={<L x={{ y: '>' }} />}>
          <Route index element={<B />} />
          <Route path="b/:id" element={<C />} />
          <Route element={<Pathless />}>
            <Route path="c" element={<D />} />
          </Route>
          <Route path="/abs" element={<E />} />
        </Route>
        <Route path="*" element={<F />} />
      </Routes>`;
    expect(routePatternsFromSource(tree)).toEqual(['/', '/a', '/a/b/:id', '/a/c', '/abs', '/*']);
  });
});
