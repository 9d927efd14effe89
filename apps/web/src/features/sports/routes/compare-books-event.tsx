import { CompareBooksEventScreen } from '../components/compare-books-event-screen';

export default function CompareBooksEventRoute() {
  return <CompareBooksEventScreen />;
}
