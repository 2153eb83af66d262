alter table users
  add constraint users_avatar_media_fk foreign key (avatar_media_id) references media_objects (id) on delete set null,
  add constraint users_cover_media_fk foreign key (cover_media_id) references media_objects (id) on delete set null;
