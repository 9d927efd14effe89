import { LoginScreen } from '../components/login-screen';

export default function LoginRoute() {
  return <LoginScreen name="login" />;
}
