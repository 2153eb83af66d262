import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from '../../../shared/constants.ts';
import { ChecklistCard } from '../../components/ui/checklist-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Create Klip" subtitle="Share a video about a product" />
      <ChecklistCard
        title="What you need"
        items={[
          `A video in MP4, MOV or WebM, at most ${MAX_VIDEO_BYTES / (1024 * 1024)} MB and ${MAX_VIDEO_SECONDS / 60} minutes`,
          'Vertical (9:16) looks best in the klips feed',
          'A title, a short description and a few tags',
          'Optionally, one of your products to feature on the klip',
        ]}
      />
    </>
  );
}
