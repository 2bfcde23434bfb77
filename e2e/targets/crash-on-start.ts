/** A stdio "server" that fails before the handshake: prints why on stderr and exits 3. */
process.stderr.write('crash-on-start: loading configuration\n');
process.stderr.write('crash-on-start: fatal: missing API_KEY\n');
process.exit(3);
