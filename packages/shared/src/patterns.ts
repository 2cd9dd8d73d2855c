// No zod here: the home page checks its contact form with these alone (its JavaScript budget, decision 024).

/** A simple address pattern, as SPEC §5 asks: something@something.tld */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
