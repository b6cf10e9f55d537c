import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '@/app/lazyPage';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('lazyPage', () => {
  it('suspends until its module loads, then renders it with its props', async () => {
    let resolve!: (component: typeof Greeting) => void;
    const Page = lazyPage(() => new Promise<typeof Greeting>((r) => (resolve = r)));

    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Page name="Avery" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();

    await act(async () => resolve(Greeting));
    expect(screen.getByRole('heading', { name: 'Hello Avery' })).toBeInTheDocument();
  });

  it('renders at once, without suspending, once load() has settled', async () => {
    const Page = lazyPage(async () => Greeting);
    await Page.load();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Avery" />
      </Suspense>,
    );

    expect(screen.getByRole('heading', { name: 'Hello Avery' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('imports the module once, however often it is loaded', async () => {
    const importPage = vi.fn(async () => Greeting);
    const Page = lazyPage(importPage);

    await Promise.all([Page.load(), Page.load()]);
    await Page.load();

    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('tries the import again after a failure (a chunk request that failed)', async () => {
    const importPage = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('network')).mockResolvedValue(Greeting);
    const Page = lazyPage(importPage);

    await expect(Page.load()).rejects.toThrow('network');
    await expect(Page.load()).resolves.toBeUndefined();

    expect(importPage).toHaveBeenCalledTimes(2);
  });
});
