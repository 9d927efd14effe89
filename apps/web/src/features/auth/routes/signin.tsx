import { LoginScreen } from '../components/login-screen';

export default function SigninRoute() {
  return <LoginScreen name="signin" />;
}
