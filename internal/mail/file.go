package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// fileSender is the development Sender: it writes each message to
// <dataDir>/mail/<time>-<random>.eml and logs its links, so a developer can
// follow a verification link straight from the server log.
type fileSender struct {
	dir  string
	from *netmail.Address
	log  *slog.Logger
}

func newFileSender(dataDir string, from *netmail.Address, log *slog.Logger) (*fileSender, error) {
	if dataDir == "" {
		return nil, errors.New("mail: a data directory is needed to write mail to files when SMTP_URL is not set")
	}
	dir := filepath.Join(dataDir, "mail")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("mail: create %s: %w", dir, err)
	}
	return &fileSender{dir: dir, from: from, log: log}, nil
}

var linkPattern = regexp.MustCompile(`https?://[^\s<>"']+`)

func (s *fileSender) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := time.Now()
	msg, err := build(s.from, m, now)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.dir, 0o750); err != nil { // the directory may have been cleaned out
		return fmt.Errorf("mail: create %s: %w", s.dir, err)
	}
	// Names sort by time; the suffix keeps messages in the same instant apart.
	name := now.UTC().Format("20060102T150405.000000000Z") + "-" + randomHex(4) + ".eml"
	path := filepath.Join(s.dir, name)

	// Write under a temporary name and rename, so a tool watching the
	// directory never picks up half a message.
	tmp, err := os.CreateTemp(s.dir, ".tmp-*.eml")
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := msg.WriteTo(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("mail: write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("mail: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("mail: %w", err)
	}

	links := linkPattern.FindAllString(m.Text, -1)
	if links == nil {
		links = []string{}
	}
	// Deliberately logs the links (one-time tokens): this sender only runs
	// in development, where nothing else would deliver them.
	s.log.Info("mail written to file (SMTP_URL not set)",
		"to", m.To, "subject", m.Subject, "path", path, "links", links)
	return nil
}
