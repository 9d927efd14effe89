import { ChatScreen } from '../components/chat-screen';

export default function ChatRoute() {
  return <ChatScreen />;
}
