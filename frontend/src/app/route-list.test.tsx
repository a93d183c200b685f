// The route list the build writes to dist/routes.json (read from app-routes.tsx) must be exactly
// the routes react-router gets from <AppRoutes>: the server answers 404 for anything else.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { joinPath, routePatternsFromSource } from './route-list';
import source from './app-routes.tsx?raw';

const captured: { children: ReactNode } = { children: null };

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return {
    ...actual,
    // Keep what AppRoutes hands to <Routes> instead of rendering it.
    Routes: ({ children }: { children: ReactNode }) => {
      captured.children = children;
      return null;
    },
  };
});

function flatten(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const full = route.path === undefined ? parent : joinPath(parent, route.path);
    const own = route.index ? [parent || '/'] : route.path === undefined ? [] : [full];
    return [...own, ...flatten(route.children ?? [], full)];
  });
}

describe('the generated route list', () => {
  it('matches the router', async () => {
    const { AppRoutes } = await import('./app-routes');
    render(<AppRoutes />);
    const fromRouter = [...new Set(flatten(createRoutesFromChildren(captured.children)))];

    const generated = routePatternsFromSource(source);

    expect(generated).toEqual(fromRouter);
    expect(generated).toContain('/');
    expect(generated).toContain('/use-case/:slug');
    expect(generated).toContain('/onboard/wallet');
    expect(generated).toContain('/user&guide');
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
