/**
 * A stdio "server" that fails the way `npx some-package` does when the package cannot be
 * had: it runs, says nothing on stdout, and only after 1.5 s prints an npm error and exits 1.
 */
setTimeout(() => {
  process.stderr.write('npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/no-such-mcp-server\n');
  process.exit(1);
}, 1500);
process.stdin.resume();
