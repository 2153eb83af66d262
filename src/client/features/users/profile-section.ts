// The id of the profile section of Settings, for links to it ('Edit profile' on one's own creator page), in a module
// of its own: the creator page links to it without loading the editor, its form library and its schemas.
export const PROFILE_SECTION_ID = 'profile';
