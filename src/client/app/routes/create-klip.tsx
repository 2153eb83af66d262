// Create Klip (docs/product.md "Route table", "Klip video upload"; behind the login guard): the klip form, with the
// tag input and product picker of other features composed in by the app layer.
import { PageHeader } from '../../components/ui/page-header.tsx';
import { KlipForm } from '../../features/klips/components/klip-form.tsx';
import { klipFormSlots } from '../klip-form-slots.tsx';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Create Klip" subtitle="Share a short video about a product" />
      <KlipForm slots={klipFormSlots} />
    </div>
  );
}
