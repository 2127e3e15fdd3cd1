// Spec 5: login-and-password form. Both are required; the login has at most 8
// characters and the password at most 6. When a rule fails nothing is sent.

export const LOGIN_MAX = 8;
export const PASSWORD_MAX = 6;

export type FieldProblem = 'required' | 'tooLong';

export interface LoginFormErrors {
  login?: FieldProblem;
  password?: FieldProblem;
}

export function validateLoginForm(login: string, password: string): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const l = login.trim();
  if (!l) errors.login = 'required';
  else if (l.length > LOGIN_MAX) errors.login = 'tooLong';
  if (!password) errors.password = 'required';
  else if (password.length > PASSWORD_MAX) errors.password = 'tooLong';
  return errors;
}

export function hasErrors(errors: LoginFormErrors): boolean {
  return Boolean(errors.login || errors.password);
}
