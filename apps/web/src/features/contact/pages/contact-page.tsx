import { contactMessages as m } from '@kuku/domain';
import { useCurrentUser } from '../../../lib/current-user';
import { PageHeader } from '../../../ui/page-header';
import { ContactForm } from '../components/contact-form';
import classes from './contact-page.module.css';

/** /contact (docs/product.md §2 Contact): a message to support, answered by email. */
export function ContactPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={m.title} subtitle={m.intro} />
      <div className={classes.page}>
        {/* The guard fetched the user first; the key prefills afresh should it arrive later. */}
        <ContactForm key={user?.id ?? 'none'} user={user} />
      </div>
    </>
  );
}
