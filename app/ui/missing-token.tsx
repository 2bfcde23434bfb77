export function MissingToken() {
  return (
    <main className="mx-auto mt-24 max-w-lg rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold">Open the inspector with its token</h1>
      <p className="mt-2 text-sm text-slate-600">
        This page needs the token the inspector printed when it started. Open the full URL from the terminal; it ends in{' '}
        <code className="rounded bg-slate-100 px-1">#token=…</code>.
      </p>
    </main>
  );
}
