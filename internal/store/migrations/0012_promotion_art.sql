-- Promotions carry the rest of the spec's row item: the picture quality
-- badges and the scaled pictures of a banner's graphic title and of a
-- button's icons. A scaled picture is stored as one address per pixel
-- ratio family plus its size in points; '' means none.
ALTER TABLE promotions ADD COLUMN is_4k BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE promotions ADD COLUMN is_hd BOOLEAN NOT NULL DEFAULT FALSE;
-- The graphic title (a logo-like title drawn over promo-bg banners): one
-- picture for every ratio (SVG or a large raster), with its size in points.
ALTER TABLE promotions ADD COLUMN graphic_title_width INTEGER NOT NULL DEFAULT 0;
ALTER TABLE promotions ADD COLUMN graphic_title_height INTEGER NOT NULL DEFAULT 0;
-- Icons of button tiles, as shown unfocused and focused.
ALTER TABLE promotions ADD COLUMN btn_icon TEXT NOT NULL DEFAULT '';
ALTER TABLE promotions ADD COLUMN btn_icon_focused TEXT NOT NULL DEFAULT '';
