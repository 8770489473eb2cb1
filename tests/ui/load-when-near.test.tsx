// @vitest-environment happy-dom
/** Parts of an island that load as the visitor nears them: the placeholder holds the place until then. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { LoadWhenNear } from '../../site/lib/LoadWhenNear.tsx';

type Watcher = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; observed: Element[]; disconnected: boolean };
let watchers: Watcher[] = [];

class FakeIntersectionObserver {
  watcher: Watcher;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.watcher = { callback, options, observed: [], disconnected: false };
    watchers.push(this.watcher);
  }
  observe(element: Element) {
    this.watcher.observed.push(element);
  }
  disconnect() {
    this.watcher.disconnected = true;
  }
}

/** Tells every observer that its element came into (or stayed out of) the margin. */
function scrollNear(isIntersecting: boolean) {
  return act(async () => {
    for (const w of watchers.filter((w) => !w.disconnected)) {
      w.callback(
        w.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
    }
  });
}

afterEach(() => {
  cleanup();
  watchers = [];
  vi.unstubAllGlobals();
});

test('the placeholder shows until the part nears the viewport; then the part loads and replaces it', async () => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const load = vi.fn(async () => ({ default: () => <h2>Your details</h2> }));
  const Form = lazy(load);
  render(
    <LoadWhenNear placeholder={<p>Loading…</p>}>
      <Form />
    </LoadWhenNear>,
  );
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(watchers[0].options?.rootMargin).toBe('600px');

  await scrollNear(false);
  expect(load).not.toHaveBeenCalled();
  expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();

  await scrollNear(true);
  expect(load).toHaveBeenCalledTimes(1);
  expect(await screen.findByRole('heading', { name: 'Your details' })).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(watchers[0].disconnected).toBe(true);
});

test('without IntersectionObserver the part loads at once', async () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  const Form = lazy(async () => ({ default: () => <h2>Contact &amp; payment</h2> }));
  render(
    <LoadWhenNear placeholder={<p>Loading…</p>}>
      <Form />
    </LoadWhenNear>,
  );
  expect(await screen.findByRole('heading', { name: 'Contact & payment' })).toBeTruthy();
});
