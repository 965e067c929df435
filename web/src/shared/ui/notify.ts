// Raises a sonner toast without importing sonner up front (it loads with the first toast at the latest).
// Shown by the <LazyToaster /> of the current page.
export function notify(kind: 'error' | 'success', title: string, description: string): void {
  void import('sonner').then(({ toast }) => toast[kind](title, { description }));
}
