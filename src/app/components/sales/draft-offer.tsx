// The "a draft was found" notice of the sales forms (DESIGN §6): the offline module's DraftNotice under the name the
// sales forms first used, so every offline form shows the same notice.
export { DraftNotice as DraftOffer } from '@/app/offline/drafts';
