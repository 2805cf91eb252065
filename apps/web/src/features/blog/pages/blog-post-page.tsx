import { blogPath, podcastPath, Texts } from '@opence/shared';
import type { TBlogObj, TBlogRow } from '@opence/shared/schemas';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/dates.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useBlogPost } from '../api/get-blog-post.ts';
import { COLUMN_SIZES, Picture } from '../../../components/ui/picture.tsx';
import '../blog.css';

function loadErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) return Texts.SELECT_BLOG_POST;
  return error instanceof Error ? error.message : Texts.GENERIC_ERROR;
}

function Post({ post }: { post: TBlogObj }) {
  return (
    <article className="card blog-post" aria-labelledby="blog-post-title">
      <h1 id="blog-post-title">{post.title}</h1>
      <p className="blog-post-byline">
        {post.author}
        {post.author && ' · '}
        <time dateTime={post.datePosted}>{formatDay(post.datePosted)}</time>
      </p>
      {post.photo && (
        <Picture className="blog-post-photo" src={post.photo} sizes={COLUMN_SIZES} width={640} height={360} />
      )}
      {post.podcastHash && post.podcastShowHash && (
        <p className="blog-post-source">
          {Texts.FROM_PODCAST}{' '}
          <Link to={podcastPath(post.podcastShowHash, post.podcastHash)}>{post.podcastTitle}</Link>
        </p>
      )}
      {/* The server sanitises the body on output (03 §4): allowed tags and safe links only. */}
      <div className="blog-post-body" dangerouslySetInnerHTML={{ __html: post.body }} />
    </article>
  );
}

function RecentPosts({ posts }: { posts: TBlogRow[] }) {
  if (posts.length === 0) return null;
  return (
    <aside className="blog-recent" aria-labelledby="blog-recent-title">
      <h2 id="blog-recent-title">{Texts.RECENT_BLOG_POSTS}</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.id}>
            <Link to={blogPath(post.slug)}>{post.title}</Link>
            <span>{formatDay(post.datePosted)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function PostSkeleton() {
  return (
    <div className="card blog-post" aria-busy="true" aria-label="Loading blog post">
      <div className="skeleton" style={{ height: '1.8em', width: '75%', marginBottom: 12 }} />
      <div className="skeleton" style={{ height: '1em', width: '40%', marginBottom: 16 }} />
      <div className="skeleton blog-post-photo" style={{ aspectRatio: '16 / 9' }} />
    </div>
  );
}

/**
 * A blog post (02 §2): /blog-post/{id}/{nolog?} and /dental-blog/{slug}/{nolog?}; the id is the
 * slug. With nolog in the path the view is not logged (staff previews).
 */
export function Component() {
  const { blogId, nolog } = useParams();
  const post = useBlogPost(blogId, Boolean(nolog));
  usePageTitle(post.data?.blogObj.title ?? Texts.BLOG_TITLE, post.data?.blogObj.blurb);
  return (
    <div className="container blog-page">
      <p className="back-link">
        <Link to="/blog">« {Texts.BLOG_TITLE}</Link>
      </p>
      {!blogId && <Alert>{Texts.SELECT_BLOG_POST}</Alert>}
      {blogId && post.isPending && <PostSkeleton />}
      {post.isError && <Alert>{loadErrorText(post.error)}</Alert>}
      {post.data && (
        <div className="blog-layout">
          <Post post={post.data.blogObj} />
          <RecentPosts posts={post.data.data} />
        </div>
      )}
    </div>
  );
}
