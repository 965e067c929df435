package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"mime"
	"net/http"
	"path"
	"strconv"

	"github.com/andybalholm/brotli"
)

// asset is one response body held in memory, with its precompressed
// variants, so serving a page is a map lookup and a Write.
type asset struct {
	body        []byte
	gz, br      []byte // nil when compression would not shrink the body
	contentType string
	etag        string // quoted strong ETag of the uncompressed body
	compressed  bool   // the asset has variants, so responses vary by Accept-Encoding
}

// Level 6 rather than 11: brotli 11 took seconds for the whole build at
// start-up and gains only a few percent.
const compressLevel = 6

// contentTypes pins the types we serve instead of trusting the host's
// mime tables, which differ between machines.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".woff2":       "font/woff2",
	".woff":        "font/woff",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".gif":         "image/gif",
	".ico":         "image/x-icon",
}

// compressible lists the text formats worth compressing; fonts and images
// are already compressed.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".svg": true, ".xml": true,
	".txt": true, ".json": true, ".map": true, ".webmanifest": true,
}

func newAsset(name string, body []byte) (*asset, error) {
	ext := path.Ext(name)
	ct := contentTypes[ext]
	if ct == "" {
		ct = mime.TypeByExtension(ext)
	}
	if ct == "" {
		ct = http.DetectContentType(body)
	}
	sum := sha256.Sum256(body)
	a := &asset{
		body:        body,
		contentType: ct,
		etag:        base64.RawURLEncoding.EncodeToString(sum[:12]),
	}
	if compressible[ext] {
		var err error
		if a.gz, err = gzipBytes(body); err != nil {
			return nil, err
		}
		if a.br, err = brotliBytes(body); err != nil {
			return nil, err
		}
		a.compressed = a.gz != nil || a.br != nil
	}
	return a, nil
}

// variant picks the body to send for an Accept-Encoding header and returns
// it with its Content-Encoding ("" for none) and ETag. Each encoding gets
// its own ETag so caches never hand a gzip body to a brotli request.
func (a *asset) variant(acceptEncoding string) (body []byte, encoding, etag string) {
	switch negotiateEncoding(acceptEncoding, a.br != nil, a.gz != nil) {
	case "br":
		return a.br, "br", `"` + a.etag + `-br"`
	case "gzip":
		return a.gz, "gzip", `"` + a.etag + `-gz"`
	}
	return a.body, "", `"` + a.etag + `"`
}

// serve writes the asset with status. Only 200 responses carry an ETag and
// honour If-None-Match: a 404 page must not turn into a 304.
func (a *asset) serve(w http.ResponseWriter, r *http.Request, status int, cacheControl string) {
	h := w.Header()
	body, encoding, etag := a.variant(r.Header.Get("Accept-Encoding"))
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", cacheControl)
	if a.compressed {
		h.Add("Vary", "Accept-Encoding")
	}
	if status == http.StatusOK {
		h.Set("ETag", etag)
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// gzipBytes returns nil when gzip does not make the body smaller.
func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, compressLevel)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return smaller(buf.Bytes(), b), nil
}

// brotliBytes returns nil when brotli does not make the body smaller.
func brotliBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterLevel(&buf, compressLevel)
	if _, err := bw.Write(b); err != nil {
		return nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return smaller(buf.Bytes(), b), nil
}

func smaller(compressed, original []byte) []byte {
	if len(compressed) >= len(original) {
		return nil
	}
	return compressed
}
