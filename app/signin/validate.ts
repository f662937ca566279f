export type SignInFieldErrors = { email?: string; password?: string };

/** What the form checks before anything is sent (and the action again, for forms sent without JavaScript). */
export function signInFieldErrors(email: string, password: string): SignInFieldErrors {
  const errors: SignInFieldErrors = {};
  const e = email.trim();
  if (!e) errors.email = "Enter your e-mail";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) errors.email = "Enter an e-mail address like name@example.com";
  if (!password) errors.password = "Enter your password";
  return errors;
}

export const hasErrors = (errors: SignInFieldErrors) => Boolean(errors.email || errors.password);
