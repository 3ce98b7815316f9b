package bisect

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// GitStep is one step of `git bisect run` (see StepCommand): judge the
// commit the bisection in o.Clone has reached, print its line on w, and
// return the status git reads: ExitGood, ExitBad or ExitSkip. An error
// means no judgement, which must abort the bisection (ExitAbort).
func GitStep(ctx context.Context, t *Target, o Options, w io.Writer) (int, error) {
	st, err := judgeCommit(ctx, t, o.Repo, o.Clone)
	if err := errors.Join(err, ctx.Err()); err != nil {
		return ExitAbort, err
	}
	fmt.Fprintln(w, stepLine(st))
	return st.Verdict.ExitCode(), nil
}
