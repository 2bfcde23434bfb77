import type { UrlAnalysis } from '@wire/url-checks';
import { UrlDestination, type DestinationWords } from '@app/url-flow/url-destination';

const SIGN_IN_WORDS: DestinationWords = { lead: 'Sign in at', host: 'Sign-in host', url: 'Authorization URL', checks: 'Authorization URL checks' };

/** Where the sign-in page is, shown exactly as a URL flow's destination is (host set apart, whole URL, checks). */
export function SignInDestination({ analysis }: { analysis: UrlAnalysis }) {
  return <UrlDestination analysis={analysis} words={SIGN_IN_WORDS} />;
}
