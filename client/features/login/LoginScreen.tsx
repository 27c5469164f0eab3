import { useNavigate } from '@tanstack/react-router';
import { LoginForm } from './LoginForm';

/** The router's /login route (after a logout inside the app): the form, then the dashboard. */
export function LoginScreen() {
  const navigate = useNavigate();
  return <LoginForm onLoggedIn={() => void navigate({ to: '/' })} />;
}
